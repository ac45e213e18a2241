// Everything of invite and cashback the home opens, in one module so that it forms one chunk of
// its own (a module shared by two lazy chunks would be hoisted into the chunk every page loads).
export { InviteReceive } from './components/invite-receive';
export { RewardFlow } from './components/reward-flow';
