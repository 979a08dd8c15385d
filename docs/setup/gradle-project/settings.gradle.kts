rootProject.name = "setup-check"
