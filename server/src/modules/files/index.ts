export { FileService, type IncomingFile } from './service';
export { fileRoutes } from './routes';
