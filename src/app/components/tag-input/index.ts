/** TagInput: several search values in one box (limit 50, duplicates refused, paste splits). */
export { TagInput, type TagInputProps } from './tag-input';
