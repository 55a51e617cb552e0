export { type ErrorBodyRule, type MidasSimulator, type MidasSimulatorOptions, type SimulatorState, startMidasSimulator } from "./server";
export { type AnalysisResults, AnalysisError, type CaseResult } from "./analysis";
