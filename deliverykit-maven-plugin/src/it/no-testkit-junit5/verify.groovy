// The goal fails the build, and says what to add.
def log = new File(basedir, 'build.log').text
assert log.contains('[ERROR] Failed to execute goal dev.deliverykit:deliverykit-maven-plugin:')
assert log.contains("DeliveryKit's prepare-agent found no dev.deliverykit:testkit-junit5 among the test dependencies"
        + ' of com.example:no-testkit-junit5:jar:1.0')
assert log.contains('<artifactId>testkit-junit5</artifactId>')
