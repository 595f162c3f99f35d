/** Gift certificates (issue 13). Schemas and messages filled in by issue 13. */
export {};
