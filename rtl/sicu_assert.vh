// sicu: simulation-only assertions of invariants.
//
// Included at file scope (before `module`) by every file with assertions.
// SICU_ASSERT(name, cond) checks cond at every rising edge out of reset; a
// failure calls the harness (DPI sicu_assert_fail in harness/shm.cpp) with
// the assertion's name, the instance path and the cycle, and the harness
// fails the run naming them.  Under SYNTHESIS (Yosys) nothing is compiled.
//
// `SICU_SIM_WHEN(cond) before a statement of a combinational process (or a
// register load) whose results are used only in the cycles where cond holds:
// the verilated model evaluates the statement only then (it runs every
// process every cycle, so wide selects of an idle unit cost simulation time);
// any other tool sees the statement unconditionally, so the synthesized
// logic has no extra decision level.  Only for results nothing reads when
// cond is false (cosim would show a difference in the simulated values).
`ifndef SICU_ASSERT_VH
`define SICU_ASSERT_VH
`ifdef VERILATOR
`define SICU_SIM_WHEN(cond) if (cond)
`else
`define SICU_SIM_WHEN(cond)
`endif
`ifndef SYNTHESIS
import "DPI-C" function void sicu_assert_fail(input string name, input string where, input longint cycle);
`define SICU_ASSERT(name, cond) \
    always @(posedge clk) \
        if (!rst && !(cond)) sicu_assert_fail(`"name`", $sformatf("%m"), $time / 2);
`endif
`endif
