/** The customers' accounts as rows: what the auth, profile, socials and referrals modules read and write. */
export {
  deleteUser,
  findUserByEmail,
  findUserById,
  hasMoneyMovements,
  insertUser,
  isUniqueViolation,
  markEmailConfirmed,
  revokeUserCredentials,
  setUserEmail,
  setUserPassword,
  type UserRow,
} from './repo';
