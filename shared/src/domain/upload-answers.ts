// The answer of POST /api/uploads (an item photo or a payment screenshot).

/** A stored image: the id an order refers to, and the address it is served at. */
export interface TUpload {
  id: string;
  url: string;
}

/** POST /api/uploads: 201 with the stored image. */
export interface TUploadResponse {
  ok: true;
  upload: TUpload;
}
