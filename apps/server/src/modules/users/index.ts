/** The users module's front door: what other modules may use of it (docs/modules.md). */
export { presentUser } from './users.presenter';
export {
  findUser,
  findUserByEmail,
  findUserPlanLimits,
  findUserWithPlan,
  insertSignUpConsents,
  insertUser,
  lockAdminIds,
  lockCurrentRole,
  lockUser,
  updateUser,
} from './users.queries';
