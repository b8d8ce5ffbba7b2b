// Regenerates java-double-oracle.json, the expected outputs of formatJavaDouble.
//
// Oracle: Jackson's port of Raffaello Giulietti's Schubfach (the algorithm behind JDK 19+
// Double.toString), so it runs on the JDK 17 installed here, whose own Double.toString is the
// older, not-always-shortest algorithm (e.g. it prints 1.0E23 as 9.999999999999999E22).
//
//   CP=~/.m2/repository/com/fasterxml/jackson/core/jackson-core/2.22.3/jackson-core-2.22.3.jar
//   javac -d /tmp -cp $CP JavaDoubleOracle.java
//   node make-oracle-inputs.js | java -cp $CP:/tmp JavaDoubleOracle > java-double-oracle.json
//
// Input lines: "b:<16 hex digits of the IEEE-754 bits>" or "s:<decimal text>" (parsed with
// Double.parseDouble, i.e. the nearest double, like JS Number()).
import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;
import java.io.*;
import java.util.*;

public class JavaDoubleOracle {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
    List<String> rows = new ArrayList<>();
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isEmpty()) continue;
      double d = line.startsWith("b:")
          ? Double.longBitsToDouble(Long.parseUnsignedLong(line.substring(2), 16))
          : Double.parseDouble(line.substring(2));
      rows.add("  [\"" + line + "\", \"" + DoubleToDecimal.toString(d) + "\"]");
    }
    PrintStream out = new PrintStream(System.out, true, "UTF-8");
    out.println("[");
    out.println(String.join(",\n", rows));
    out.println("]");
  }
}
