package io.github.idgen.autoconfigure.mongo;

/**
 * The write concerns that idgen's MongoDB writes can take, named as the driver's
 * {@code WriteConcern} constants (this type does not refer to the driver, so that
 * {@code idgen.mongo} binds in applications without it). Writes that are not acknowledged
 * are not offered: an allocation must know its result.
 */
public enum MongoWriteConcern {

	/**
	 * Acknowledged by a majority of the replica set: survives a failover.
	 */
	MAJORITY,

	/**
	 * Acknowledged by the primary alone; a failover can roll it back.
	 */
	W1,

	/**
	 * Acknowledged by two members.
	 */
	W2,

	/**
	 * Acknowledged by three members.
	 */
	W3,

	/**
	 * Acknowledged by the primary once written to its journal.
	 */
	JOURNALED,

	/**
	 * Acknowledged by the primary with the server's default write concern.
	 */
	ACKNOWLEDGED

}
