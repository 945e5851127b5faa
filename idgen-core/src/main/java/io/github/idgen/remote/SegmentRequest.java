package io.github.idgen.remote;

/**
 * The body of a segment reservation sent to an ID server: {@code {"size": 1000}}.
 *
 * @param size the number of IDs asked for; the server may return fewer
 */
record SegmentRequest(long size) {

}
