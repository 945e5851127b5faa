package io.github.idgen.format;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Reads the pattern letters of one date/time field of an {@link IdFormat}, such as
 * {@code yyyyMMdd}, and tells which {@link DatePart parts of the date} it writes.
 * <p>
 * Every run of letters must write a number of fixed width: {@code yyyy}, {@code uuuu},
 * {@code yy}, {@code uu} (and longer year runs), {@code MM}, {@code LL}, {@code dd},
 * {@code DDD}, {@code HH}, {@code hh}, {@code KK}, {@code kk}, {@code mm}, {@code ss} and
 * {@code S} to {@code SSSSSSSSS}. Then everything but the value of an ID has a fixed
 * width, so the value can be read back from its place and two IDs are equal only if their
 * dates and values are: {@code {d}{seq}} would write day 1 with value 12 and day 11 with
 * value 2 alike, {@code 112}. Week-based fields ({@code Y}, {@code w}, {@code W},
 * {@code e}, {@code c}) are rejected, since the week-based year differs from the calendar
 * year around New Year; so are text, zones and all other letters. Quoted text
 * ({@code 'T'}, {@code ''}) and characters other than letters are literal text.
 * <p>
 * A two-digit year ({@code yy}, {@code uu}) identifies the year within its century only:
 * 2026 and 2126 write {@code 26} alike.
 */
final class DateTimePatternLetters {

	private static final Map<Character, Letter> LETTERS = Map.ofEntries(
			Map.entry('y', new Letter("year", DatePart.YEAR, DateTimePatternLetters::isYearWidth, "yyyy")),
			Map.entry('u', new Letter("year", DatePart.YEAR, DateTimePatternLetters::isYearWidth, "uuuu")),
			Map.entry('M', new Letter("month", DatePart.MONTH, (count) -> count == 2, "MM")),
			Map.entry('L', new Letter("month", DatePart.MONTH, (count) -> count == 2, "LL")),
			Map.entry('d', new Letter("day of month", DatePart.DAY_OF_MONTH, (count) -> count == 2, "dd")),
			Map.entry('D', new Letter("day of year", DatePart.DAY_OF_YEAR, (count) -> count == 3, "DDD")),
			Map.entry('H', new Letter("hour of day", null, (count) -> count == 2, "HH")),
			Map.entry('h', new Letter("clock hour of am/pm", null, (count) -> count == 2, "hh")),
			Map.entry('K', new Letter("hour of am/pm", null, (count) -> count == 2, "KK")),
			Map.entry('k', new Letter("clock hour of day", null, (count) -> count == 2, "kk")),
			Map.entry('m', new Letter("minute", null, (count) -> count == 2, "mm")),
			Map.entry('s', new Letter("second", null, (count) -> count == 2, "ss")),
			Map.entry('S', new Letter("fraction of second", null, (count) -> true, "SSS")));

	private static final Map<Character, String> WEEK_BASED = Map.of('Y', "week-based year", 'w',
			"week of week-based year", 'W', "week of month", 'e', "localized day of week", 'c',
			"localized day of week");

	private DateTimePatternLetters() {
	}

	/**
	 * Return the parts of the date that the given pattern writes.
	 * @param pattern a date/time pattern that {@link java.time.format.DateTimeFormatter}
	 * accepts, such as {@code yyyyMMdd}
	 * @return the parts of the date it writes, empty if it writes none
	 * @throws IllegalArgumentException if a letter of the pattern does not write a
	 * fixed-width number, saying which and what to write instead
	 */
	static Set<DatePart> dateParts(String pattern) {
		Set<DatePart> parts = EnumSet.noneOf(DatePart.class);
		int index = 0;
		while (index < pattern.length()) {
			char next = pattern.charAt(index);
			if (next == '\'') {
				index = endOfQuote(pattern, index);
			}
			else if (isLetter(next)) {
				int end = index;
				while (end < pattern.length() && pattern.charAt(end) == next) {
					end++;
				}
				DatePart part = check(pattern, pattern.substring(index, end));
				if (part != null) {
					parts.add(part);
				}
				index = end;
			}
			else {
				index++;
			}
		}
		return parts;
	}

	private static boolean isLetter(char character) {
		return (character >= 'A' && character <= 'Z') || (character >= 'a' && character <= 'z');
	}

	/**
	 * Return the index after the quoted text that starts at {@code start}; two quotes
	 * within it are one quote, as they are to {@code DateTimeFormatter}.
	 */
	private static int endOfQuote(String pattern, int start) {
		int from = start + 1;
		while (true) {
			int quote = pattern.indexOf('\'', from);
			if (quote == -1) {
				return pattern.length();
			}
			if (quote + 1 < pattern.length() && pattern.charAt(quote + 1) == '\'') {
				from = quote + 2;
			}
			else {
				return quote + 1;
			}
		}
	}

	private static DatePart check(String pattern, String letters) {
		char letter = letters.charAt(0);
		String weekBased = WEEK_BASED.get(letter);
		if (weekBased != null) {
			throw new IllegalArgumentException("'{" + pattern + "}' writes the " + weekBased + " with '" + letters
					+ "', which does not follow the calendar year around New Year; write dates with yyyy, MM, dd "
					+ "and DDD");
		}
		Letter known = LETTERS.get(letter);
		if (known == null) {
			throw new IllegalArgumentException("'{" + pattern + "}' uses '" + letters
					+ "', which is not a fixed-width number; date/time fields may use only yyyy, uuuu, yy, uu, MM, LL, "
					+ "dd, DDD, HH, hh, KK, kk, mm, ss and S to SSSSSSSSS");
		}
		if (!known.fixedWidth().test(letters.length())) {
			throw new IllegalArgumentException("'{" + pattern + "}' writes the " + known.meaning() + " with '" + letters
					+ "', which is not a fixed-width number, so different IDs could read alike; write '"
					+ known.fixedForm() + "'");
		}
		return known.part();
	}

	/**
	 * Whether a run of year letters writes a fixed width: two digits, or four and more
	 * (zero-padded; from the year 10000 on, four-letter years write a sign).
	 */
	private static boolean isYearWidth(int count) {
		return count == 2 || count >= 4;
	}

	/**
	 * A pattern letter that writes a number.
	 *
	 * @param meaning what it writes
	 * @param part the part of the date it writes, {@code null} for a time field
	 * @param fixedWidth whether a run of that many letters writes a fixed width
	 * @param fixedForm the run to write instead of one without a fixed width
	 */
	private record Letter(String meaning, DatePart part, IntPredicate fixedWidth, String fixedForm) {

	}

}
