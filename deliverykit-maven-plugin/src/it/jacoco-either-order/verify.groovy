// Each build ran the two goals in its own order (the test of each build checked the line surefire got).
def log = new File(basedir, 'build.log').text
def jacocoLine = ~/(?m)^\[INFO\] argLine set to -javaagent:\S*org\.jacoco\.agent\S* -Dfrom\.the\.pom=kept$/
def kitLine = ~/(?m)^\[INFO\] argLine set to -Dfrom\.the\.pom=kept -javaagent:\S*testkit-core\S*$/
assert log.find(jacocoLine) : 'JaCoCo first: its line without the kit'
assert log.find(kitLine) : 'the kit first: its line without JaCoCo'
