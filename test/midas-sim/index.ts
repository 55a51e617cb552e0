export { type ErrorBodyRule, type MidasSimulator, type MidasSimulatorOptions, SIMULATOR_REPORT, type SimulatorState, startMidasSimulator } from "./server";
export { type AnalysisResults, AnalysisError, type CaseResult } from "./analysis";
