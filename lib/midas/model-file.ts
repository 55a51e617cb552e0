/**
 * Where a project's MIDAS model file is saved. Civil NX opens a save dialog when an untitled model is saved with
 * /doc/SAVE, and the API never answers (the official client's Model.save: the first save needs a location,
 * /doc/SAVEAS with a path; docs/midas.md). So each project has a model path, and the first save of its model is a
 * SAVEAS to it; later ones a SAVE. Without a path, the analysis is refused at once instead of waiting on a dialog.
 */
import "server-only";
import { findModelFile, markSavedAs, setModelPath } from "@/db/queries/midas";
import { DomainError } from "@/lib/errors";
import type { MidasClient } from "./client";

export const NO_MODEL_PATH =
  "Set the model file path first: on Midas Control > Create Midas, under Model file, give where MIDAS Civil NX saves this project's model (e.g. C:\\Bridges\\Demo Viaduct.mcb). Civil NX asks where to save an untitled model in a dialog, and the analysis would wait on it.";

const missingProject = () => new DomainError("not-found", "There is no such project.");

export async function projectModelFile(projectId: number): Promise<{ modelPath: string | null }> {
  const file = await findModelFile(projectId);
  if (!file) throw missingProject();
  return { modelPath: file.modelPath };
}

export async function setProjectModelPath(projectId: number, modelPath: string | null): Promise<{ modelPath: string | null }> {
  const file = await setModelPath(projectId, modelPath);
  if (!file) throw missingProject();
  return { modelPath: file.modelPath };
}

/** The project's model path, or 409 saying where to set it: checked before anything is sent to MIDAS. */
export async function requireModelPath(projectId: number): Promise<string> {
  const file = await findModelFile(projectId);
  if (!file) throw missingProject();
  if (!file.modelPath) throw new DomainError("conflict", NO_MODEL_PATH);
  return file.modelPath;
}

/** Saves the model MIDAS holds: SAVEAS to the project's path the first time (then recorded), SAVE after. */
export async function saveProjectModel(client: MidasClient, projectId: number, modelPath: string): Promise<void> {
  const file = await findModelFile(projectId);
  if (file?.savedAs === modelPath) return client.save();
  await client.save(modelPath);
  await markSavedAs(projectId, modelPath);
}
