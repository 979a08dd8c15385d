// The property the user names, appended to as argLine would be.
def log = new File(basedir, 'build.log').text
def jar = new File(localRepositoryPath, "dev/deliverykit/testkit-core/${projectVersion}/testkit-core-${projectVersion}.jar")
assert log.contains("[INFO] kitArgLine set to -Dfrom.the.pom=kept -javaagent:${jar.absolutePath}\n")
assert !log.contains('argLine set to')
