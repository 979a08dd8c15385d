package dev.deliverykit.architecture.violations.junitinternals.junit5;

import java.lang.reflect.Method;
import java.util.List;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;
import org.junit.platform.commons.util.ReflectionUtils;

/** VIOLATION: JUnit's internal ReflectionUtils, where ReflectionSupport (used too, not a violation) would do. */
final class FindsMethodsItself {
    List<Method> methods(Class<?> type) {
        ReflectionSupport.findMethods(type, method -> true, HierarchyTraversalMode.TOP_DOWN);
        return ReflectionUtils.findMethods(type, method -> true);
    }
}
