package io.github.idgen.format;

import io.github.idgen.text.IdCodec;

/**
 * Writes a value as the fixed-width text of an {@link IdCodec}, such as
 * {@code {seq:base62}}.
 *
 * @param codec the codec
 */
record EncodedText(IdCodec codec) implements ValueField {

	/**
	 * Return the codec a sequence token names.
	 * @param name the name after {@code seq:}, such as {@code base62}
	 * @return the codec, {@code null} if the name names none
	 */
	static IdCodec codecNamed(String name) {
		for (IdCodec codec : IdCodec.values()) {
			if (codec.formatName().equals(name)) {
				return codec;
			}
		}
		return null;
	}

	@Override
	public String token() {
		return "{seq:" + this.codec.formatName() + "}";
	}

	@Override
	public int length() {
		return this.codec.length();
	}

	@Override
	public int width() {
		return 0;
	}

	@Override
	public long maxValue() {
		return Long.MAX_VALUE;
	}

	@Override
	public void write(long value, StringBuilder id) {
		id.append(this.codec.encode(value));
	}

	/**
	 * Read the value, accepting only the text the codec writes for it, not the other
	 * spellings its decoding accepts (Crockford's lower case and aliases), so that a
	 * value has one formatted ID.
	 */
	@Override
	public long read(String text) {
		long value = this.codec.decode(text);
		String written = this.codec.encode(value);
		if (!written.equals(text)) {
			throw new IllegalArgumentException("the value is written " + written + ", not as given");
		}
		return value;
	}

}
