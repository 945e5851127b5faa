// The remote smoke application needs a running ID server: start the server module's executable jar on a free port of
// the loopback address, on an in-memory H2 database, wait until it answers, run the application against it, and stop
// the server.
import java.util.concurrent.TimeUnit

def serverTarget = new File(smokeScripts, '../../../idgen-server/target').canonicalFile
def serverJars = (serverTarget.listFiles() ?: []).findAll { it.name.endsWith('-exec.jar') }
if (serverJars.size() != 1) {
    throw new AssertionError("SMOKE remote: no executable jar of the ID server in ${serverTarget}; build idgen-server first")
}
def port = new ServerSocket(0).withCloseable { it.localPort }
new File(basedir, 'target').mkdirs()
def serverLog = new File(basedir, 'target/id-server.log')
def java = new File(System.getProperty('java.home'), 'bin/java').path
def server = new ProcessBuilder(java, '-XX:TieredStopAtLevel=1', '-jar', serverJars[0].path, "--server.port=${port}",
        '--spring.datasource.url=jdbc:h2:mem:smoke-remote', '--spring.main.banner-mode=off')
        .directory(new File(basedir, 'target'))
        .redirectErrorStream(true)
        .redirectOutput(serverLog)
        .start()
try {
    def deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120)
    def answers = false
    while (!answers) {
        try {
            def connection = new URL("http://127.0.0.1:${port}/actuator/health").openConnection()
            connection.connectTimeout = 1000
            connection.readTimeout = 2000
            answers = connection.responseCode == 200
        }
        catch (IOException ex) {
            answers = false
        }
        if (!answers) {
            if (!server.alive || System.nanoTime() - deadline >= 0) {
                throw new AssertionError("SMOKE remote: the ID server did not answer on port ${port}; see ${serverLog}:" +
                        System.lineSeparator() + serverLog.readLines().takeRight(40).join(System.lineSeparator()))
            }
            Thread.sleep(250)
        }
    }
    binding.setVariable('smokeAppArguments', ["--idgen.remote.servers=http://127.0.0.1:${port}".toString()])
    evaluate(new File(smokeScripts, 'smoke-app.groovy'))
}
finally {
    server.destroy()
    if (!server.waitFor(30, TimeUnit.SECONDS)) {
        server.destroyForcibly().waitFor()
    }
}
