/** A file to hand over as a download: its bytes, its type, and the name it is saved under. */
export type DownloadFile = { body: Uint8Array; contentType: string; fileName: string };

/** A file as a download. The name goes twice: plain for old clients (non-ASCII and quotes replaced), and exactly, UTF-8 encoded. */
export function downloadResponse(file: DownloadFile): Response {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Content-Length": String(file.body.byteLength),
    },
  });
}
