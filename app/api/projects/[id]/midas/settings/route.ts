import { midasEndpoints } from "@/lib/midas/endpoints";
import { projectModelFile, setProjectModelPath } from "@/lib/midas/model-file";
import { route } from "@/lib/http/route";

export const GET = route(midasEndpoints.settings, async ({ access }) => projectModelFile(access.id));

export const PUT = route(midasEndpoints.saveSettings, async ({ access, body }) => setProjectModelPath(access.id, body.modelPath));
