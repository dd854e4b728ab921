package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ModuleRulesTest {

  @Test
  void tree_followsModuleMap() {
    assertThat(ModuleRules.checkTree(ProjectRoot.path()))
        .as("imports that break docs/architecture.md#modules (see ModuleRules)")
        .isEmpty();
  }

  @Test
  void check_rejectsJdbcInDecoder() {
    String fixture = "package dev.redoline.decoder.internal;\n\nimport java.sql.Connection;\nimport java.util.List;\n";
    assertThat(ModuleRules.check("cdc-decoder", "Bad.java", fixture))
        .containsExactly("Bad.java:3: import java.sql.Connection;");
  }

  @Test
  void check_rejectsUpwardAndFullyQualifiedReferences() {
    String fixture = "class X {\n  // java.sql.Connection in a comment is fine\n"
        + "  dev.redoline.logminer.internal.LogMinerGateway g;\n  org.apache.kafka.connect.data.Struct s;\n}\n";
    assertThat(ModuleRules.check("cdc-buffer", "X.java", fixture)).containsExactly(
        "X.java:3: dev.redoline.logminer.internal.LogMinerGateway g;",
        "X.java:4: org.apache.kafka.connect.data.Struct s;");
  }

  @Test
  void check_allowsWhatTheModuleMayUse() {
    String fixture = "import java.sql.SQLException;\nimport dev.redoline.decoder.internal.RedoDecoder;\n"
        + "import oracle.jdbc.OracleConnection;\n";
    assertThat(ModuleRules.check("cdc-logminer", "Ok.java", fixture)).isEmpty();
    assertThat(ModuleRules.check("cdc-core", "Core.java", "import org.slf4j.Logger;\n")).isEmpty();
  }
}
