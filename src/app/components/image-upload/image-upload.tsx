import { App, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { checkImage, checkImagePixels, UPLOAD_MESSAGES } from '@core/rules';
import {
  IMAGE_EXTENSIONS,
  IMAGE_MULTIPLE_MAX_COUNT,
  IMAGE_MULTIPLE_MAX_SIZE_MB,
  IMAGE_PIXEL_LIMIT,
  IMAGE_SINGLE_MAX_SIZE_MB,
} from '@core/constants';
import { uploaderFor, type UploadedFile, type UploadFunction } from '../file-upload/upload.api';
import { useUploadList } from '../file-upload/use-upload-list';
import { useStoredFileUrls } from '../file-preview/file-preview';
import { readImageSize } from './image-size';

export interface ImageUploadProps {
  value?: readonly UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  /** Several images (default limits 6 MB each, 4 images) instead of one (10 MB). */
  multiple?: boolean;
  maxSizeMb?: number;
  maxCount?: number;
  /** Longest side in pixels; default 5000. */
  pixelLimit?: number;
  /** Where images go; default POST /file/api/v2/upload as an image. */
  upload?: UploadFunction;
  disabled?: boolean;
}

const uploadImage = uploaderFor(0);
const ACCEPT = IMAGE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** Image upload: jpg/jpeg/png only, size and count limits, pixel size checked by decoding the file. */
export function ImageUpload({
  value = [],
  onChange,
  multiple = false,
  maxSizeMb,
  maxCount,
  pixelLimit = IMAGE_PIXEL_LIMIT,
  upload = uploadImage,
  disabled,
}: ImageUploadProps) {
  const { message } = App.useApp();
  const list = useUploadList(value, onChange, upload);
  // A stored file's url is a handle for download_url, never something an <img> can load.
  const shown = useStoredFileUrls(value.map((file) => file.url));
  const fileList = list.fileList.map((file) => {
    const handle = file.response?.url;
    if (!handle) return file;
    const src = shown[handle];
    return { ...file, url: src, thumbUrl: src };
  });
  const mostImages = maxCount ?? (multiple ? IMAGE_MULTIPLE_MAX_COUNT : 1);
  const sizeMb = maxSizeMb ?? (multiple ? IMAGE_MULTIPLE_MAX_SIZE_MB : IMAGE_SINGLE_MAX_SIZE_MB);

  const refuse = (text: string) => {
    void message.warning(text);
    return Upload.LIST_IGNORE;
  };

  const beforeUpload = async (file: File, batch: File[]) => {
    const problem = checkImage(file, list.count + batch.indexOf(file), { multiple, maxSizeMb: sizeMb, maxCount: mostImages });
    if (problem) return refuse(problem);
    let size: { width: number; height: number };
    try {
      size = await readImageSize(file);
    } catch {
      // Not decodable: whatever its name says, it is not a jpg/jpeg/png picture.
      return refuse(UPLOAD_MESSAGES.image(sizeMb));
    }
    const tooLarge = checkImagePixels(size.width, size.height, pixelLimit);
    return tooLarge ? refuse(tooLarge) : true;
  };

  return (
    <Upload
      className="mes-image-upload"
      listType="picture-card"
      accept={ACCEPT}
      fileList={fileList}
      customRequest={list.customRequest}
      onChange={list.onChange}
      beforeUpload={beforeUpload}
      multiple={multiple}
      disabled={disabled}
    >
      {list.count < mostImages && !disabled && (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>上传图片</div>
        </div>
      )}
    </Upload>
  );
}
