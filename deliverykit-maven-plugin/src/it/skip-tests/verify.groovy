// -DskipTests: no tests run, so the goal neither needs testkit-junit5 nor sets the agent.
def log = new File(basedir, 'build.log').text
assert log.contains("[INFO] DeliveryKit's prepare-agent skipped: skipTests is set.")
assert !log.contains('[ERROR]')
