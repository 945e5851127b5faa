package io.github.idgen.autoconfigure.entity;

import java.util.UUID;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ContextConsumer;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.Invoice;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.InvoiceRepository;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.Item;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.ItemRepository;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.Note;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.NoteIdsSeen;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.NoteRepository;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.NumberNotId;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.Part;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.PartRepository;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.Ticket;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.TicketRepository;
import io.github.idgen.entity.SequenceIdMappingException;
import io.github.idgen.entity.relational.RelationalSequenceIdCallback;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link JdbcSequenceIdConfiguration}: Spring Data JDBC aggregates marked
 * {@link io.github.idgen.entity.SequenceId}, saved to H2 through their repositories.
 */
class JdbcSequenceIdTests {

	private final DataSource dataSource = TestBackends.h2();

	private final String run = JdbcAggregates.uniqueRun();

	private ApplicationContextRunner runner() {
		return JdbcAggregates.runner(this.dataSource, this.run);
	}

	private ApplicationContextRunner valid() {
		return runner().withUserConfiguration(JdbcAggregates.Valid.class)
			.withPropertyValues("idgen.sequences.invoice.format=INV-{seq:6}");
	}

	private String table(String aggregate) {
		return this.run + "_" + aggregate;
	}

	private ContextConsumer<AssertableApplicationContext> withItemTable(
			ContextConsumer<AssertableApplicationContext> test) {
		return (context) -> {
			assertThat(context).hasNotFailed();
			JdbcAggregates.createTable(context, table("item"), "bigint", "name", "varchar(64)");
			test.accept(context);
		};
	}

	@Test
	void fillsUnsetIdentifiersFromTheSequenceOfTheTableAndKeepsSetOnes() {
		valid().run(withItemTable((context) -> {
			ItemRepository items = context.getBean(ItemRepository.class);
			Item first = new Item(null, "first");
			assertThat(items.save(first)).isSameAs(first);
			assertThat(first.id).isEqualTo(1L);
			assertThat(items.save(new Item(null, "second")).id).isEqualTo(2L);
			assertThat(context.getBean(IdGenerator.class).nextId(table("item"))).isEqualTo(3L);
			Item mine = context.getBean(JdbcAggregateTemplate.class).insert(new Item(42L, "mine"));
			assertThat(mine.id).isEqualTo(42L);
			assertThat(items.findById(42L)).hasValueSatisfying((found) -> assertThat(found.name).isEqualTo("mine"));
			Item zero = context.getBean(JdbcAggregateTemplate.class).insert(new Item(0L, "zero"));
			assertThat(zero.id).as("a Long set to 0 is set").isZero();
			assertThat(items.count()).isEqualTo(4);
		}));
	}

	@Test
	void fillsImmutableAggregatesAndPrimitiveIdentifiersFromTheNamedSequence() {
		valid().run((context) -> {
			JdbcAggregates.createTable(context, table("ticket"), "bigint", "name", "varchar(64)");
			Ticket unsaved = new Ticket(0, "front row");
			Ticket saved = context.getBean(TicketRepository.class).save(unsaved);
			assertThat(saved).isEqualTo(new Ticket(1, "front row"));
			assertThat(unsaved.id()).isZero();
			assertThat(context.getBean(IdGenerator.class).nextId("ticket")).isEqualTo(2L);
			assertThat(context.getBean(TicketRepository.class).findById(1L)).contains(saved);
		});
	}

	@Test
	void fillsIdentifiersDeclaredByAGenericBaseClass() {
		valid().run((context) -> {
			JdbcAggregates.createTable(context, table("part"), "bigint", "name", "varchar(64)");
			Part part = new Part();
			part.name = "bolt";
			assertThat(context.getBean(PartRepository.class).save(part).id).isEqualTo(1L);
			assertThat(context.getBean(PartRepository.class).findById(1L))
				.hasValueSatisfying((found) -> assertThat(found.name).isEqualTo("bolt"));
		});
	}

	@Test
	void fillsTextIdentifiersFromAFormattedSequence() {
		valid().run((context) -> {
			JdbcAggregates.createTable(context, table("invoice"), "varchar(32)", "name", "varchar(64)");
			InvoiceRepository invoices = context.getBean(InvoiceRepository.class);
			assertThat(invoices.save(new Invoice(null, "March")).id()).isEqualTo("INV-000001");
			assertThat(invoices.save(new Invoice(null, "April")).id()).isEqualTo("INV-000002");
			assertThat(invoices.findById("INV-000002")).contains(new Invoice("INV-000002", "April"));
		});
	}

	@Test
	void fillsAfterAuditingAndBeforeCallbacksWithoutOrder() {
		valid().run((context) -> {
			JdbcAggregates.createTable(context, table("note"), "bigint", "created", "timestamp");
			Note note = context.getBean(NoteRepository.class).save(new Note());
			assertThat(note.id).isEqualTo(1L);
			assertThat(note.created).as("set by auditing, which saw a new aggregate").isNotNull();
			assertThat(context.getBean(NoteIdsSeen.class).ids).containsExactly(1L);
		});
	}

	@ParameterizedTest
	@ValueSource(strings = { "idgen.entities.enabled", "idgen.entities.jdbc.enabled" })
	void switchedOffLeavesTheIdentifierToTheApplication(String property) {
		valid().withPropertyValues(property + "=false").run(withItemTable((context) -> {
			assertThat(context).doesNotHaveBean(RelationalSequenceIdCallback.class);
			ItemRepository items = context.getBean(ItemRepository.class);
			assertThatException().isThrownBy(() -> items.save(new Item(null, "unset")));
			assertThat(context.getBean(JdbcAggregateTemplate.class).insert(new Item(7L, "mine")).id).isEqualTo(7L);
			assertThat(items.count()).isEqualTo(1);
		}));
	}

	@Test
	void failsAtStartupOnAnnotatedPropertyThatIsNotTheIdentifier() {
		runner().withUserConfiguration(JdbcAggregates.NumberNotIds.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(mappingFailure(context.getStartupFailure())).hasMessageContaining(NumberNotId.class.getName())
				.hasMessageContaining("@SequenceId on " + NumberNotId.class.getName() + ".number")
				.hasMessageContaining("Move @SequenceId to the property annotated @Id");
		});
	}

	@Test
	void failsAtStartupOnIdentifierOfUnsupportedType() {
		runner().withUserConfiguration(JdbcAggregates.UuidIds.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(mappingFailure(context.getStartupFailure()))
				.hasMessageContaining("@SequenceId on " + JdbcAggregates.UuidId.class.getName() + ".id")
				.hasMessageContaining(UUID.class.getName())
				.hasMessageContaining("Declare id as Long or long");
		});
	}

	@Test
	void fillsTextIdentifiersFromTheTextFormOfASequence() {
		runner().withUserConfiguration(JdbcAggregates.Unformatteds.class)
			.withPropertyValues("idgen.sequences.plain.text=base62", "idgen.sequences.plain.start=62")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				JdbcAggregates.createTable(context, table("unformatted"), "varchar(32)");
				JdbcAggregates.UnformattedRepository repository = context
					.getBean(JdbcAggregates.UnformattedRepository.class);
				assertThat(repository.save(new JdbcAggregates.Unformatted(null)).id()).isEqualTo("00000000010");
				assertThat(repository.save(new JdbcAggregates.Unformatted(null)).id()).isEqualTo("00000000011");
			});
	}

	@Test
	void failsAtStartupOnTextIdentifierOfSequenceWithoutFormat() {
		runner().withUserConfiguration(JdbcAggregates.Unformatteds.class).run((context) -> {
			assertThat(context).hasFailed();
			IdGeneratorConfigurationException failure = configurationFailure(context.getStartupFailure());
			assertThat(failure.getName()).isEqualTo("idgen.sequences.plain.format");
			assertThat(failure.getDescription())
				.contains("@SequenceId on " + JdbcAggregates.Unformatted.class.getName() + ".id");
			assertThat(failure.getAction()).contains("Set idgen.sequences.plain.format")
				.contains("or idgen.sequences.plain.text (such as base62)");
		});
	}

	@Test
	void checksAggregatesUnknownAtStartupWhenFirstSaved() {
		valid().run((context) -> {
			JdbcAggregateTemplate template = context.getBean(JdbcAggregateTemplate.class);
			assertThatExceptionOfType(SequenceIdMappingException.class)
				.isThrownBy(() -> template.insert(new NumberNotId()))
				.withMessageContaining("@SequenceId on " + NumberNotId.class.getName() + ".number");
		});
	}

	private static SequenceIdMappingException mappingFailure(Throwable failure) {
		Throwable cause = failure;
		while (cause != null && !(cause instanceof SequenceIdMappingException)) {
			cause = cause.getCause();
		}
		assertThat(cause).as("cause of %s", failure).isInstanceOf(SequenceIdMappingException.class);
		return (SequenceIdMappingException) cause;
	}

	private static IdGeneratorConfigurationException configurationFailure(Throwable failure) {
		Throwable cause = failure;
		while (cause != null && !(cause instanceof IdGeneratorConfigurationException)) {
			cause = cause.getCause();
		}
		assertThat(cause).as("cause of %s", failure).isInstanceOf(IdGeneratorConfigurationException.class);
		return (IdGeneratorConfigurationException) cause;
	}

}
