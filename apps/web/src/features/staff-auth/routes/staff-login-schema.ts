// Its own module for the dynamic import: importing '@cabinet/contract' itself on demand would make
// the whole contract a chunk of its own, which splits the customer's entry into dozens of pieces.
export { StaffLoginRequestSchema } from '@cabinet/contract';
