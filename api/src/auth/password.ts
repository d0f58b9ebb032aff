// better-auth's own password hash (scrypt), for accounts made outside its endpoints (demo seed).
export { hashPassword, verifyPassword } from 'better-auth/crypto';
