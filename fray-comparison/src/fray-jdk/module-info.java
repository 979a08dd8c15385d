/*
 * What Fray's plugin links into its instrumented JDK. The plugin links ALL-MODULE-PATH from <jdk>/jmods, and
 * Temurin 25 ships no jmods (it links from its run-time image instead), so the module path holds this one
 * module and jlink resolves what it requires from the image. Every module of the JDK, except jlink itself
 * (an image linked from a run-time image may not contain it), jpackage (requires jlink) and Graal's JIT.
 */
@SuppressWarnings("removal")
module deliverykit.fray.jdk {
    requires java.base;
    requires java.compiler;
    requires java.datatransfer;
    requires java.xml;
    requires java.prefs;
    requires java.desktop;
    requires java.instrument;
    requires java.logging;
    requires java.management;
    requires java.security.sasl;
    requires java.naming;
    requires java.rmi;
    requires java.management.rmi;
    requires java.net.http;
    requires java.scripting;
    requires java.security.jgss;
    requires java.transaction.xa;
    requires java.sql;
    requires java.sql.rowset;
    requires java.xml.crypto;
    requires java.se;
    requires java.smartcardio;
    requires jdk.accessibility;
    requires jdk.internal.jvmstat;
    requires jdk.attach;
    requires jdk.charsets;
    requires jdk.internal.opt;
    requires jdk.zipfs;
    requires jdk.compiler;
    requires jdk.crypto.cryptoki;
    requires jdk.crypto.ec;
    requires jdk.dynalink;
    requires jdk.internal.ed;
    requires jdk.editpad;
    requires jdk.hotspot.agent;
    requires jdk.httpserver;
    requires jdk.incubator.vector;
    requires jdk.internal.le;
    requires jdk.internal.md;
    requires jdk.jartool;
    requires jdk.javadoc;
    requires jdk.jcmd;
    requires jdk.management;
    requires jdk.management.agent;
    requires jdk.jconsole;
    requires jdk.jdeps;
    requires jdk.jdwp.agent;
    requires jdk.jdi;
    requires jdk.jfr;
    requires jdk.jshell;
    requires jdk.jsobject;
    requires jdk.jstatd;
    requires jdk.localedata;
    requires jdk.management.jfr;
    requires jdk.naming.dns;
    requires jdk.naming.rmi;
    requires jdk.net;
    requires jdk.nio.mapmode;
    requires jdk.sctp;
    requires jdk.security.auth;
    requires jdk.security.jgss;
    requires jdk.unsupported;
    requires jdk.unsupported.desktop;
    requires jdk.xml.dom;
}
