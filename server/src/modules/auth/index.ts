export { AuthService } from './service';
export { authRoutes } from './routes';
export { hashPassword, hashToken } from './crypto';
