/** Marketing attribution and analytics (issue 13; spec §9). Schemas and messages filled in by issue 13. */
export {};
