// testkit-junit5 without testkit-core (excluded): the goal names the exclusion to remove.
def log = new File(basedir, 'build.log').text
assert log.contains('[ERROR] Failed to execute goal dev.deliverykit:deliverykit-maven-plugin:')
assert log.contains("DeliveryKit's prepare-agent found dev.deliverykit:testkit-junit5:" + projectVersion
        + ' among the test dependencies of com.example:testkit-core-excluded:jar:1.0, but not'
        + ' dev.deliverykit:testkit-core')
