package io.github.idgen.remote;

/**
 * The body of an ID server's answer to a segment reservation: {@code {"sequence":
 * "order", "start": "1000000", "count": 1000, "stride": 1}}. The start is a string, as
 * every ID in the server's JSON, since JavaScript cannot hold a 64-bit integer exactly.
 *
 * @param sequence the sequence the segment belongs to
 * @param start the first ID of the segment, in decimal
 * @param count the number of IDs of the segment
 * @param stride the distance between two consecutive IDs of the segment
 */
record SegmentReply(String sequence, String start, long count, long stride) {

}
