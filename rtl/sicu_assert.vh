// sicu: simulation-only assertions of invariants.
//
// Included at file scope (before `module`) by every file with assertions.
// SICU_ASSERT(name, cond) checks cond at every rising edge out of reset; a
// failure calls the harness (DPI sicu_assert_fail in harness/shm.cpp) with
// the assertion's name, the instance path and the cycle, and the harness
// fails the run naming them.  Under SYNTHESIS (Yosys) nothing is compiled.
`ifndef SICU_ASSERT_VH
`define SICU_ASSERT_VH
`ifndef SYNTHESIS
import "DPI-C" function void sicu_assert_fail(input string name, input string where, input longint cycle);
`define SICU_ASSERT(name, cond) \
    always @(posedge clk) \
        if (!rst && !(cond)) sicu_assert_fail(`"name`", $sformatf("%m"), $time / 2);
`endif
`endif
