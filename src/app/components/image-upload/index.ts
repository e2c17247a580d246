/** ImageUpload: jpg/jpeg/png with size, count and pixel limits. */
export { ImageUpload, type ImageUploadProps } from './image-upload';
/** Decodes an image file for its pixel size. */
export { readImageSize } from './image-size';
