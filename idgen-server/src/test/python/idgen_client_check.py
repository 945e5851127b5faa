#!/usr/bin/env python3
"""Checks a running idgen ID server the way a client in another language calls it.

Usage: idgen_client_check.py BASE_URL TOKEN

The token's client must be allowed the sequences 'order', 'invoice' and 'ghost' (which
the server does not serve) and not 'order-number' (which it serves). Standard library
only. Exits 0 when every check passes, 1 with the failed check otherwise.
"""

import json
import sys
import urllib.error
import urllib.request

PROBLEMS = "https://idgen.github.io/problems/"


def call(base_url, method, path, token=None, body=None):
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(base_url + path, data=data, method=method)
    if token is not None:
        request.add_header("Authorization", "Bearer " + token)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, response.headers, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode("utf-8")


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def check_problem(answer, status, problem_type):
    code, headers, body = answer
    check(code == status, "expected %d but got %d: %s" % (status, code, body))
    check(headers.get("Content-Type", "").startswith("application/problem+json"),
          "expected a problem, got " + headers.get("Content-Type", ""))
    problem = json.loads(body)
    check(problem["type"] == PROBLEMS + problem_type, "expected type %s, got %s" % (problem_type, problem["type"]))
    return headers


def main(base_url, token):
    drawn = []

    singles = []
    for _ in range(5):
        code, headers, body = call(base_url, "GET", "/api/v1/sequences/order/id", token)
        check(code == 200, "one ID: status %d" % code)
        check(headers.get("Content-Type", "").startswith("text/plain"), "one ID is text/plain")
        singles.append(int(body))
    check(singles == sorted(singles) and len(set(singles)) == 5, "single IDs increase: %s" % singles)
    drawn += singles

    code, _, body = call(base_url, "POST", "/api/v1/sequences/order/ids?count=100", token)
    check(code == 200, "a batch: status %d" % code)
    batch = json.loads(body)
    check(batch["sequence"] == "order", "the batch names its sequence")
    check(all(isinstance(i, str) for i in batch["ids"]), "IDs are JSON strings")
    ids = [int(i) for i in batch["ids"]]
    check(len(ids) == 100 and ids == sorted(ids), "the batch has 100 ascending IDs")
    check(ids[0] > singles[-1], "the batch follows the single IDs")
    drawn += ids

    code, _, body = call(base_url, "POST", "/api/v1/sequences/order/ids?count=3&format=number", token)
    numbers = json.loads(body)["ids"]
    check(code == 200 and all(isinstance(i, int) for i in numbers), "format=number gives JSON numbers")
    drawn += numbers

    code, _, body = call(base_url, "POST", "/api/v1/sequences/order/segments", token, {"size": 1000})
    check(code == 200, "a segment: status %d" % code)
    segment = json.loads(body)
    check(isinstance(segment["start"], str), "the segment's start is a string")
    check(1 <= segment["count"] <= 1000, "the segment has at most the size asked for")
    start, stride = int(segment["start"]), segment["stride"]
    drawn += [start + i * stride for i in range(segment["count"])]

    check(len(set(drawn)) == len(drawn), "no ID twice among %d" % len(drawn))

    headers = check_problem(call(base_url, "GET", "/api/v1/sequences/order/id"), 401, "unauthorized")
    check(headers.get("WWW-Authenticate", "").startswith("Bearer"), "401 asks for a bearer token")
    check_problem(call(base_url, "GET", "/api/v1/sequences/order/id", "not-" + token), 401, "unauthorized")
    check_problem(call(base_url, "GET", "/api/v1/sequences/order-number/id", token), 403, "forbidden")
    check_problem(call(base_url, "GET", "/api/v1/sequences/ghost/id", token), 404, "unknown-sequence")
    check_problem(call(base_url, "POST", "/api/v1/sequences/order/ids?count=1000000000", token), 400,
                  "invalid-count")

    print("idgen client check passed: %d IDs, all unique" % len(drawn))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    try:
        main(sys.argv[1], sys.argv[2])
    except AssertionError as failure:
        print("idgen client check failed: %s" % failure, file=sys.stderr)
        sys.exit(1)
