package com.example.forgetful;

import com.example.shop.ShippingInbox;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Replaces the application's inbox with {@link ForgetfulShippingInbox} where a test adds it to the application's
 * sources. In its own package, so that the application's component scan never finds it.
 */
@Configuration(proxyBeanMethods = false)
public class ForgetfulShipping {

    @Bean
    @Primary
    ShippingInbox forgetfulShippingInbox(JdbcTemplate jdbc) {
        return new ForgetfulShippingInbox(jdbc);
    }
}
