CREATE TABLE IF NOT EXISTS orders (order_id VARCHAR(64) PRIMARY KEY, amount_cents BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS processed_order (order_id VARCHAR(64) PRIMARY KEY);
CREATE TABLE IF NOT EXISTS shipment (id BIGINT AUTO_INCREMENT PRIMARY KEY, order_id VARCHAR(64) NOT NULL, amount_cents BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS scheduled_tasks (task_name VARCHAR(100) NOT NULL, task_instance VARCHAR(100) NOT NULL, task_data BLOB, execution_time TIMESTAMP WITH TIME ZONE NOT NULL, picked BOOLEAN NOT NULL, picked_by VARCHAR(50), last_success TIMESTAMP WITH TIME ZONE, last_failure TIMESTAMP WITH TIME ZONE, consecutive_failures INT, last_heartbeat TIMESTAMP WITH TIME ZONE, version BIGINT NOT NULL, priority SMALLINT, PRIMARY KEY (task_name, task_instance));
