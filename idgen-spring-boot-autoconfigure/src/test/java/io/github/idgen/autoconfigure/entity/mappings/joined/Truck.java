package io.github.idgen.autoconfigure.entity.mappings.joined;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "mapped_trucks")
public class Truck extends Vehicle {

}
