import { Errors } from '@commerce/errors';

/** What the upload accepts: the type is read from the bytes (magic numbers), never from the Content-Type header. */
const ACCEPTED = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
} as const;

export type ImageContentType = keyof typeof ACCEPTED;

export interface InspectedImage {
  contentType: ImageContentType;
  extension: (typeof ACCEPTED)[ImageContentType];
  dimensions: { w: number; h: number };
}

/** The largest upload: 10 MB, as the live API documents. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** file-type and image-size (with their tokenizer and zlib) load on the first upload, not at the gateway's start. */
async function imageLibraries() {
  const [{ fileTypeFromBuffer }, { imageSize }] = await Promise.all([
    import('file-type'),
    import('image-size'),
  ]);
  return { fileTypeFromBuffer, imageSize };
}

const isAccepted = (mime: string | undefined): mime is ImageContentType =>
  mime !== undefined && Object.hasOwn(ACCEPTED, mime);

/**
 * The type and the pixel dimensions of an uploaded image, or the API's error: an empty body, bytes that are no
 * JPEG, PNG or GIF, and an image whose header names no usable size are refused before anything is stored.
 */
export async function inspectImage(bytes: Buffer): Promise<InspectedImage> {
  if (bytes.length === 0)
    throw Errors.invalidInput('The request body is empty: send the image file as the body.');
  const { fileTypeFromBuffer, imageSize } = await imageLibraries();
  const detected = await fileTypeFromBuffer(bytes);
  if (!isAccepted(detected?.mime)) {
    throw Errors.invalidInput(
      `The body is not a JPEG, PNG or GIF image${detected ? ` (its bytes are ${detected.mime})` : ''}.`,
    );
  }
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    size = {};
  }
  const { width, height } = size;
  if (!width || !height) throw Errors.invalidInput(`The ${detected.mime} image has no readable dimensions.`);
  return {
    contentType: detected.mime,
    extension: ACCEPTED[detected.mime],
    dimensions: { w: width, h: height },
  };
}
