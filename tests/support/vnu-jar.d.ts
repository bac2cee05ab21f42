/** The vnu-jar package: its default export is the path of vnu.jar. */
declare module "vnu-jar" {
  const jarPath: string;
  export default jarPath;
}
