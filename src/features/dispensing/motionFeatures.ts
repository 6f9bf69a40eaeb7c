import { domAnimation } from 'framer-motion';

/** Loaded by `FieldMotion` (motion.tsx) in a chunk of its own. */
export default domAnimation;
