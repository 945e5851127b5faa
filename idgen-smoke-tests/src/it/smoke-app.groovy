// The post-build check of every smoke application (each one's verify.groovy evaluates this script): start its
// repackaged jar as a process of its own, wait for it to exit, and require exit status 0 and the summary line
// "SMOKE <application>: OK ...". The application's output is in target/smoke-app.log; the summary lines of all
// applications are collected in the module's target/smoke-summary.txt.
import java.nio.file.Files
import java.nio.file.StandardOpenOption
import java.util.concurrent.TimeUnit

def application = basedir.name
def timeoutSeconds = 180
def jars = (new File(basedir, 'target').listFiles() ?: []).findAll { it.name.endsWith('.jar') }
if (jars.size() != 1) {
    throw new AssertionError("SMOKE ${application}: FAILED to build, ${jars.size()} jars in ${basedir}/target; see " +
            "${basedir}/build.log")
}
def log = new File(basedir, 'target/smoke-app.log')
def java = new File(System.getProperty('java.home'), 'bin/java').path
// An application's verify.groovy may set smokeAppArguments, such as the URL of a server it started.
def arguments = binding.hasVariable('smokeAppArguments') ? smokeAppArguments : []
def process = new ProcessBuilder([java, '-XX:TieredStopAtLevel=1', '-jar', jars[0].path] + arguments)
        .directory(basedir)
        .redirectErrorStream(true)
        .redirectOutput(log)
        .start()
if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
    process.destroyForcibly().waitFor()
    throw new AssertionError("SMOKE ${application}: the application did not exit within ${timeoutSeconds} s; see ${log}")
}
def lines = log.readLines()
def summaries = lines.findAll { it.startsWith("SMOKE ${application}: ") }
def summary = summaries ? summaries.last() : "SMOKE ${application}: FAILED without a summary line"
Files.writeString(new File(basedir, '../../smoke-summary.txt').toPath(), summary + System.lineSeparator(),
        StandardOpenOption.CREATE, StandardOpenOption.APPEND)
println summary
if (process.exitValue() != 0 || summaries.size() != 1 || !summary.startsWith("SMOKE ${application}: OK ")) {
    def tail = lines.takeRight(60).join(System.lineSeparator())
    throw new AssertionError("${summary} (exit status ${process.exitValue()}); the end of ${log}:" +
            System.lineSeparator() + tail)
}
