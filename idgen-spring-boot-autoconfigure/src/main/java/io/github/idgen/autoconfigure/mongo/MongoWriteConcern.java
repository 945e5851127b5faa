package io.github.idgen.autoconfigure.mongo;

import com.mongodb.WriteConcern;

/**
 * The write concerns that idgen's MongoDB writes can take. Writes that are not
 * acknowledged are not offered: an allocation must know its result.
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
	ACKNOWLEDGED;

	/**
	 * Return the driver's write concern of this one.
	 * @return the write concern
	 */
	public WriteConcern writeConcern() {
		return WriteConcern.valueOf(name());
	}

}
