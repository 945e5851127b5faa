package io.github.idgen.autoconfigure.entity.review.joined;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "review_cars")
public class Car extends Vehicle {

}
