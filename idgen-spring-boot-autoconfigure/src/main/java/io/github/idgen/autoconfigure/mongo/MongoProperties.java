package io.github.idgen.autoconfigure.mongo;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the MongoDB backend.
 */
@ConfigurationProperties(prefix = "idgen.mongo", ignoreUnknownFields = false)
public class MongoProperties {

	/**
	 * Collection that holds one counter document per sequence.
	 */
	private String collection = "idgen_counters";

	/**
	 * Write concern of every allocation, such as 'majority', 'w1' or 'journaled'. With
	 * 'w1' a primary failover can roll back an allocation whose IDs were already handed
	 * out, and they would be handed out again: keep 'majority' on a replica set.
	 */
	private MongoWriteConcern writeConcern = MongoWriteConcern.MAJORITY;

	public String getCollection() {
		return this.collection;
	}

	public void setCollection(String collection) {
		this.collection = collection;
	}

	public MongoWriteConcern getWriteConcern() {
		return this.writeConcern;
	}

	public void setWriteConcern(MongoWriteConcern writeConcern) {
		this.writeConcern = writeConcern;
	}

}
