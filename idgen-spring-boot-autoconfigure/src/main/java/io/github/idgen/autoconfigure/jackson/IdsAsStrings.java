package io.github.idgen.autoconfigure.jackson;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Write IDs to JSON as strings, such as {@code "9007199254740993"}, since JavaScript's
 * numbers hold integers exactly only up to 2^53.
 * <p>
 * On a class or record, every {@code long}, {@code Long}, {@code AtomicLong},
 * {@code long[]}, {@code Long[]}, {@code OptionalLong}, {@code Optional<Long>},
 * collection of {@code Long} and map of {@code Long} values property it declares is
 * written as a string (arrays and collections as arrays of strings, maps with string
 * values, an empty optional as {@code null}); longs nested deeper, such as in a map of
 * lists, stay numbers; properties of other types, and properties inherited from a type
 * that is not annotated, stay as they are. On a field, getter or record component, that
 * property only. A serializer the property names itself with {@code @JsonSerialize}
 * ({@code using} or {@code contentUsing}) takes precedence. A {@code null} stays
 * {@code null}. Reading takes strings and plain numbers alike, as Jackson coerces strings
 * to numbers unless the application disables
 * {@code MapperFeature.ALLOW_COERCION_OF_SCALARS}.
 * <p>
 * The {@link IdsAsStringsModule} does the work; Spring Boot registers it with the
 * application's {@code JsonMapper}. <pre class="code">
 * &#64;IdsAsStrings
 * record OrderView(long id, List&lt;Long&gt; lineIds, String customer) { }
 * // {"id":"9007199254740993","lineIds":["1","2"],"customer":"Ada"}
 * </pre>
 */
@Target({ ElementType.TYPE, ElementType.FIELD, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface IdsAsStrings {

}
