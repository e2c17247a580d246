export * from './form-fields';
export * from './edit-form.dialog';
export * from './form-dialog';
export * from './field-decl';
