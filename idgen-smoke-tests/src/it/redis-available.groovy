// The selector of the Redis smoke applications (each one's selector.groovy evaluates this script): run them when a
// Redis answers PING at IDGEN_TEST_REDIS_URL, else redis://127.0.0.1:6379. When none does, skip them with the reason
// printed, unless IDGEN_TEST_REQUIRE_BACKENDS=true, which makes that an error.
import java.nio.charset.StandardCharsets
import java.nio.file.Files
import java.nio.file.StandardOpenOption

def application = basedir.name
def uri = URI.create(System.getenv('IDGEN_TEST_REDIS_URL') ?: 'redis://127.0.0.1:6379')
def port = (uri.port != -1) ? uri.port : 6379
def reply
try {
    new Socket().withCloseable { socket ->
        socket.connect(new InetSocketAddress(uri.host, port), 2000)
        socket.soTimeout = 2000
        socket.outputStream.write('PING\r\n'.getBytes(StandardCharsets.US_ASCII))
        reply = new BufferedReader(new InputStreamReader(socket.inputStream, StandardCharsets.US_ASCII)).readLine()
    }
}
catch (IOException ex) {
    reply = null
}
if (reply != null && (reply.startsWith('+') || reply.startsWith('-'))) {
    return true
}
def reason = "no Redis answers PING at ${uri.host}:${port} (IDGEN_TEST_REDIS_URL, else redis://127.0.0.1:6379)"
def required = System.getenv('IDGEN_TEST_REQUIRE_BACKENDS') == 'true'
def summary = required ? "SMOKE ${application}: FAILED, ${reason}, and IDGEN_TEST_REQUIRE_BACKENDS=true"
        : "SMOKE ${application}: SKIPPED, ${reason}"
Files.writeString(new File(basedir, '../../smoke-summary.txt').toPath(), summary + System.lineSeparator(),
        StandardOpenOption.CREATE, StandardOpenOption.APPEND)
println summary
if (required) {
    throw new IllegalStateException(summary)
}
return false
