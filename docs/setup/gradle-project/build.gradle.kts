// A user's project with DeliveryKit, Gradle Kotlin DSL, as docs/setup.md shows it. UNVERIFIED: no Gradle runs in
// this repository's build or CI (see docs/setup.md); the Maven twin in ../maven-project is built and tested by CI.
// tag::build[]
plugins {
    java
}

repositories {
    mavenLocal() // DeliveryKit 0.1.0-SNAPSHOT is not published yet: mvn -B install -DskipTests in its repository
    mavenCentral()
}

// The kit's agent: the testkit-core jar, resolved on its own (it depends on nothing).
val deliverykitAgent: Configuration by configurations.creating

dependencies {
    // JUnit's BOM first: a framework's dependency management may choose an older JUnit.
    testImplementation(platform("org.junit:junit-bom:5.14.4"))
    testImplementation(platform("dev.deliverykit:deliverykit-bom:0.1.0-SNAPSHOT"))
    testImplementation("dev.deliverykit:testkit-junit5")
    testImplementation("org.junit.jupiter:junit-jupiter")
    testRuntimeOnly("org.junit.platform:junit-platform-launcher")
    deliverykitAgent("dev.deliverykit:testkit-core:0.1.0-SNAPSHOT")
}

tasks.withType<JavaCompile>().configureEach {
    options.release.set(17)
}

tasks.test {
    useJUnitPlatform()
    val agent: FileCollection = deliverykitAgent
    inputs.files(agent).withPropertyName("deliverykitAgent")
    jvmArgumentProviders.add(CommandLineArgumentProvider { listOf("-javaagent:${agent.singleFile.absolutePath}") })
}
// end::build[]
