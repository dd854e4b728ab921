package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.ConfigKey;
import dev.redoline.logminer.internal.ShopScript;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;

class RedolineConnectorConfigTest {

  @Test
  void configDef_hasEveryCdcKeyWithItsDeclaration() {
    ConfigDef def = RedolineConnectorConfig.CONFIG_DEF;
    List<ConfigKey<?>> offered =
        CdcConfig.KEYS.stream().filter(k -> k.sink() != ConfigKey.Sink.EMBEDDED).toList();
    assertThat(def.names()).hasSize(offered.size()).doesNotContain("cdc.state.dir");
    for (ConfigKey<?> key : offered) {
      ConfigDef.ConfigKey k = def.configKeys().get(key.name());
      assertThat(k).as(key.name()).isNotNull();
      assertThat(k.type).as(key.name()).isEqualTo(RedolineConnectorConfig.type(key.type()));
      assertThat(k.importance.name()).isEqualTo(key.importance().name());
      assertThat(k.group).isEqualTo(key.group().title());
      assertThat(k.documentation).startsWith(key.doc());
      assertThat(k.hasDefault()).isEqualTo(!key.required());
    }
  }

  @Test
  void configDef_passwordIsHiddenType() {
    assertThat(RedolineConnectorConfig.CONFIG_DEF.configKeys().get("cdc.database.password").type)
        .isEqualTo(ConfigDef.Type.PASSWORD);
  }

  @Test
  void configDef_runsTheKeysOwnValidator() {
    Map<String, String> props = new HashMap<>(ShopScript.settings("jdbc:redoline:sim:demo"));
    props.put("cdc.capture.mode", "sometimes");
    assertThatThrownBy(() -> RedolineConnectorConfig.CONFIG_DEF.parse(props))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "Invalid value sometimes for configuration cdc.capture.mode: CDC-4001 A configuration "
                + "value is invalid: cdc.capture.mode='sometimes': must be one of [online, archive_only]. "
                + "Action: "
                + dev.redoline.core.ErrorCode.INVALID_CONFIGURATION.action()
                + " See docs/runbook.md#cdc-4001");
  }

  @Test
  void configDef_defaultsParse() {
    Map<String, Object> parsed =
        RedolineConnectorConfig.CONFIG_DEF.parse(ShopScript.settings("jdbc:redoline:sim:demo"));
    assertThat(parsed.get("cdc.mining.decode.threads")).isEqualTo(2);
    assertThat(parsed.get("cdc.heartbeat.interval.ms")).isEqualTo(0L);
  }
}
