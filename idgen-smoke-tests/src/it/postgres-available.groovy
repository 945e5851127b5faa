// The selector of the PostgreSQL smoke applications (each one's selector.groovy evaluates this script): run them when
// a PostgreSQL server accepts a TCP connection at the host and port of IDGEN_TEST_POSTGRES_URL, else
// 127.0.0.1:5432. When none does, skip them with the reason printed, unless IDGEN_TEST_REQUIRE_BACKENDS=true, which
// makes that an error.
import java.nio.file.Files
import java.nio.file.StandardOpenOption

def application = basedir.name
def url = System.getenv('IDGEN_TEST_POSTGRES_URL') ?: 'jdbc:postgresql://127.0.0.1:5432/test?user=postgres'
def uri = URI.create(url.substring('jdbc:'.length()))
def port = (uri.port != -1) ? uri.port : 5432
def reachable
try {
    new Socket().withCloseable { socket ->
        socket.connect(new InetSocketAddress(uri.host, port), 2000)
    }
    reachable = true
}
catch (IOException ex) {
    reachable = false
}
if (reachable) {
    return true
}
def reason = "no PostgreSQL accepts connections at ${uri.host}:${port} (IDGEN_TEST_POSTGRES_URL, else " +
        "jdbc:postgresql://127.0.0.1:5432/test?user=postgres)"
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
